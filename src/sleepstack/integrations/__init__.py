"""Adapters for agent frameworks, each behind its own extra and imported only when used.

* :mod:`.langgraph`: ``SleepstackStore``, a LangGraph ``BaseStore``
  (``pip install 'sleepstack[langgraph]'``);
* :mod:`.openai_agents`: function tools for the OpenAI Agents SDK
  (``sleepstack[agents]``);
* :mod:`.pydantic_ai`: a pydantic-ai toolset (``sleepstack[pydantic-ai]``).

Nothing here is imported by ``import sleepstack``: a framework is loaded only
by the module that adapts it.
"""
