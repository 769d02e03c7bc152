"""Admin registrations for the boards app (none until its models exist)."""
