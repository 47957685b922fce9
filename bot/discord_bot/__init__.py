"""The Discord front end: slash commands, buttons and selects turned into TableService calls.

Thin on purpose: no rule logic lives here. Interactions become service calls; service Updates become
messages. (Never name a module here `discord`: it would shadow discord.py.)
"""
