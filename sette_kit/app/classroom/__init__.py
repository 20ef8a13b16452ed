"""The class hub's server side: the hub (:mod:`.hub`), its storage of a
class's learners and answers (:mod:`.store`), the items of the lessons a class answers
(:mod:`.items`) and their summaries for the teacher (:mod:`.summary`), and the
dashboard's page, script and style (``static/``).

Delivery code, beside the views: no rules module imports this package.  What a lesson's
page runs (its link to the hub, the join dialog's words) is :mod:`sette_kit.classroom`.
"""
