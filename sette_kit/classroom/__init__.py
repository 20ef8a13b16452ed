"""The class hub's logic (issue 28): storage of a class's learners and answers.

Delivery code, beside the views: no rules module imports this package.
"""
