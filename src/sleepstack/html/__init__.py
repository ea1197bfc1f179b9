"""HTML for every page sleepstack renders: the inspector and the cycle reports.

One builder with escaping on by default (:mod:`.markup`: text and attribute
values are escaped unless they are :class:`~.markup.Safe` markup this package
built), one page template (:mod:`.page`) and one stylesheet (:mod:`.style`).
Nothing here knows the store or a request; it imports nothing of the package.
"""
