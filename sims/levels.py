"""The noise of a study's levels of play (`sims.study`)."""

LEVEL_EPS = 0.1  # each seat of a level plays a random legal action with this probability (agent option eps)
CHECK_STEP = 0.1  # the agent check replays a level with eps raised by this much
