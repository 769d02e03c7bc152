"""Admin registrations for the tournament app (none until its models exist)."""
