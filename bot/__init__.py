"""Adjutant's application: campaign service, store, transports (console, Discord) and CLI."""
