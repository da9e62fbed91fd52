"""Games against the computer: a learner's seat at a whole game, checked move by move."""
