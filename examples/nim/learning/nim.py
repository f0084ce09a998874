"""A learning Nim AI in the shape of CS50 AI's ``nim.py``: Q-learning by self-play, misère rules.

The piles start at 1, 3, 5, 7; a move takes one or more objects from one
pile; whoever takes the last object loses. ``train(n)`` lets the AI play
itself ``n`` times, and ``choose_action(state, epsilon=False)`` is then
its greedy choice. Written for perfectplay's Nim lab as the example that
passes (``perfectplay check --game nim examples/nim/learning/nim.py``).
"""

import random
import time


class Nim:
    """One game: the piles, whose turn it is (0 or 1), and the winner once it is over."""

    def __init__(self, initial=(1, 3, 5, 7)):
        self.piles = list(initial)
        self.player = 0
        self.winner = None

    @classmethod
    def available_actions(cls, piles):
        """Every (pile, count) that can be taken from ``piles``."""
        return {(index, count) for index, size in enumerate(piles) for count in range(1, size + 1)}

    @classmethod
    def other_player(cls, player):
        return 1 - player

    def switch_player(self):
        self.player = Nim.other_player(self.player)

    def move(self, action):
        pile, count = action
        if self.winner is not None:
            raise Exception("the game is already over")
        if pile < 0 or pile >= len(self.piles):
            raise Exception("no such pile")
        if count < 1 or count > self.piles[pile]:
            raise Exception("cannot take that many")
        self.piles[pile] -= count
        self.switch_player()
        # Misère: whoever took the last object has lost, so the side now to move wins.
        if all(size == 0 for size in self.piles):
            self.winner = self.player


class NimAI:
    def __init__(self, alpha=0.5, epsilon=0.1):
        """``q`` maps (tuple(state), action) to a value; unknown pairs are worth 0."""
        self.q = dict()
        self.alpha = alpha
        self.epsilon = epsilon

    def update(self, old_state, action, new_state, reward):
        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)
        self.update_q_value(old_state, action, old, reward, best_future)

    def get_q_value(self, state, action):
        return self.q.get((tuple(state), action), 0)

    def update_q_value(self, state, action, old_q, reward, future_rewards):
        """Move the old value towards the reward plus the best the next state promises, by ``alpha``."""
        target = reward + future_rewards
        self.q[(tuple(state), action)] = old_q + self.alpha * (target - old_q)

    def best_future_reward(self, state):
        """The best value of any action from ``state``; 0 when there is none (the game is over)."""
        actions = Nim.available_actions(state)
        if not actions:
            return 0
        return max(self.get_q_value(state, action) for action in actions)

    def choose_action(self, state, epsilon=True):
        """The best known action (ties broken at random); with ``epsilon``, a random one with that probability."""
        actions = list(Nim.available_actions(state))
        if epsilon and random.random() < self.epsilon:
            return random.choice(actions)
        best = max(self.get_q_value(state, action) for action in actions)
        return random.choice([action for action in actions if self.get_q_value(state, action) == best])


def train(n):
    """Let a new AI play itself ``n`` times; return it."""
    player = NimAI()
    for i in range(n):
        print(f"Playing training game {i + 1}")
        game = Nim()
        last = {0: {"state": None, "action": None}, 1: {"state": None, "action": None}}
        while True:
            state = game.piles.copy()
            action = player.choose_action(game.piles)
            last[game.player]["state"] = state
            last[game.player]["action"] = action
            game.move(action)
            new_state = game.piles.copy()
            if game.winner is not None:
                player.update(state, action, new_state, -1)
                loser = last[game.player]
                player.update(loser["state"], loser["action"], new_state, 1)
                break
            previous = last[game.player]
            if previous["state"] is not None:
                player.update(previous["state"], previous["action"], new_state, 0)
    print("Done training")
    return player


def play(ai, human_player=None):
    """Play a human against ``ai`` in the terminal (0 moves first)."""
    if human_player is None:
        human_player = random.randint(0, 1)
    game = Nim()
    while True:
        print()
        for index, size in enumerate(game.piles):
            print(f"Pile {index}: {size}")
        print()
        available = Nim.available_actions(game.piles)
        time.sleep(1)
        if game.player == human_player:
            print("Your Turn")
            while True:
                pile = int(input("Choose Pile: "))
                count = int(input("Choose Count: "))
                if (pile, count) in available:
                    break
                print("Invalid move, try again.")
        else:
            print("AI's Turn")
            pile, count = ai.choose_action(game.piles, epsilon=False)
            print(f"AI chose to take {count} from pile {pile}.")
        game.move((pile, count))
        if game.winner is not None:
            print()
            print("GAME OVER")
            print(f"Winner is {'Human' if game.winner == human_player else 'AI'}")
            return
