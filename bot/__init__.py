"""Tricktable host: storage, table service, Discord and console front ends."""
