"""The teaching library: course, questions, answers, counting, risk, the labs' library."""
