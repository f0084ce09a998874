"""A random Connect Four agent in Kaggle's ConnectX style: any column that is not full."""

import random


def agent(observation, configuration):
    columns = configuration.columns
    # Row 0 is at the top: a column is open while its top cell is empty.
    open_columns = [col for col in range(columns) if observation.board[col] == 0]
    return random.choice(open_columns)
