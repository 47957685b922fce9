"""Pure rule engines for Tricktable: no discord, no asyncio, no sqlite, no I/O."""
