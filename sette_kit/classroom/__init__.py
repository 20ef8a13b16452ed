"""The class hub's side in the lesson: what a page's Python needs to send its
answers to the hub (:mod:`.link`) and the words of the pages' join dialog (:mod:`.words`).

Below the views (``widgets`` import it), above the rules.  The hub's server side (the
hub, its store, the lessons' items and their summaries) is delivery:
:mod:`sette_kit.app.classroom`; ``sette_kit.classroom.hub``, ``.store``, ``.items`` and
``.summary`` are facades over it.
"""
