"""The built-in pairing systems, one module per system, each registered in the
``swisspairing.systems`` entry-point group exactly like a third-party plugin."""
