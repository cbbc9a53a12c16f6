"""Camera side: frame sources, decoders, tracker, regions, scene renderer.

Everything leaving this package is in table millimetres and speaks the rules core's event
contract (`companion.events`). See `vision.contract` for the interface the dashboard uses.
"""
