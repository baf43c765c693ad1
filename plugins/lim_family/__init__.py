"""The Lim family: systems that pair score groups in the Lim order, top half v bottom half.

One package for the systems that share the Lim procedure (``spec/olympiad-burstein-dubov-lim.md``
sections 2 and 5, ``spec/polish-team-lim.md``).  A module per system, each registered as its
own plugin (entry points in ``pyproject.toml``):

- :mod:`.fide_lim` — system ``fide-lim``, the FIDE Lim system C.04.4.3 (individuals);
- :mod:`.olympiad` — system ``fide-olympiad``, the FIDE Olympiad pairing rules D.II.02 / D.02
  (teams; editions 2006, 2010, 2022);
- :mod:`.pl_team` — system ``pl-team-lim``, the Polish team rules (A-Klasa 2005/06, seed 003).

The shared procedure, in named modules:

- :mod:`.order` — the Lim processing order of score groups and the search pairing them in it
  (Lim 2.2, 2.6; Olympiad 2010 and 2022; PL-team 6, 7, 13, 17);
- :mod:`.group` — one score group paired the Lim way: transfers, floaters first, 1 v n/2+1 with
  exchanges (Lim 2.3-2.5, 3, 4, 5; Olympiad from 2010);
- :mod:`.trial_tables` — the fixed trial tables of PL-team 11/12 and Olympiad-2006 6.2/6.4.

This package module registers nothing itself: the core knows no system, each system module is
a plugin.
"""
