"""Deployment glue, beside the CLI: wiring a store and an engine into a scheduler.

Like the CLI and the servers this is an entry point: it reads its environment
(``SLEEPSTACK_FLYTE_STORE``) once and passes plain values down to the library.
``flyte_schedule`` deploys sleep cycles on a Flyte cluster with a cron trigger.
"""
