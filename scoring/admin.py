"""Admin registrations for the scoring app (none until its models exist)."""
