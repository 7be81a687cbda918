import os

# <Connect>
def connect():
    # <Inner>
    host = os.environ["HOST"]
    # </Inner>
    return host
# </Connect>
