"""The games behind the one engine protocol: the shared protocol, saves and table machinery."""
