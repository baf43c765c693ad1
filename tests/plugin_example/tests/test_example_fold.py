"""Property tests of the example-fold system, written with ``swisspairing.pytest_plugin``:
generated tournaments keep every absolute criterion and ``check --repair`` reproduces each
round of them."""


def test_generated_events_keep_the_rules(swisspairing_simulation):
    summary = swisspairing_simulation(tournaments=15, players=(6, 30))
    assert summary.rounds_checked > 15


def test_one_event_round_by_round(generate_tournament, assert_absolute_criteria, assert_repairs):
    generated = generate_tournament(players=21, rounds=6, seed=3, bye_request_rate=0.1)
    assert generated.tournament.rounds_recorded == 6
    assert_absolute_criteria(generated.tournament)
    assert_repairs(generated.tournament)


def test_fold_pairs_first_against_last(generate_tournament):
    """Round 1 (everybody in one bracket): player 1 meets the last player."""
    generated = generate_tournament(
        players=10, rounds=1, seed=1, bye_request_rate=0, absence_rate=0
    )
    first = generated.pairings[0].boards[0]
    assert {first.white, first.black} == {1, 10}
