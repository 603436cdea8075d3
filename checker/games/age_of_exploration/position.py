"""placeholder"""


def score_position(book, model, raw, source, options):
    raise NotImplementedError
