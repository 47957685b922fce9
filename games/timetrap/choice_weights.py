"""The weights of the finer model of TIMETRAP's heuristic seats (choice_model.py), written by
`python tools/strength/timetrap_choice_model.py --write`.

Fitted on 4000 heuristic-only games at 4 players, seeds 620000-623999.
"""

from __future__ import annotations

from typing import Final

# players -> one weight per choice_model.FEATURE_NAMES
WEIGHTS: Final[dict[int, tuple[float, ...]]] = {
    4: (
        -0.3645,  # middle@3
        -0.0266,  # stopper@3
        0.6326,  # trap@3
        0.3768,  # middle@4
        0.2513,  # stopper@4
        0.6670,  # trap@4
        0.6390,  # middle@5
        0.4448,  # stopper@5
        0.3575,  # trap@5
        -0.0446,  # middle@6
        -0.9410,  # stopper@6
        -0.2644,  # trap@6
        0.2912,  # rules@3
        0.8597,  # rules@4
        1.1975,  # rules@5
        1.9811,  # rules@6
        0.2336,  # ends@3
        -0.2656,  # ends@4
        -0.8441,  # ends@5
        0.4013,  # ends@6
        -0.7886,  # ends@6 x lead
        0.0140,  # stopper x spare
        0.0349,  # yellow number
        -3.2227,  # empties hand
    ),
}
