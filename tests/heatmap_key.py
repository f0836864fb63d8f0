#!/usr/bin/env python3
"""heatmap_key.py — does a heatmap's colour key show the colours of its cells? Reads a PNG drawn
by `neverodds sweep ... --plot FILE.png` (two keys, the default 1280x720) and compares the
darkest colour of the palette filling the cells (left of x = 1090) with the darkest in the key (right
of x = 1100): the cell of the largest value and the key's top are the palette's end, so they
must be the same colour (within 3 of 255 per channel, for antialiasing). Exit 0 when they are,
1 with the two colours when not. Usage: python3 tests/heatmap_key.py FILE.png"""
import struct
import sys
import zlib


def pixels(path):
    """Width, height and rows of (r, g, b) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
    assert depth == 8 and interlace == 0 and ctype in (2, 6), 'an unexpected PNG format'
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev, rows, i = zlib.decompress(idat), w * bpp, bytearray(w * bpp), [], 0
    for _ in range(h):  # the five PNG filters undone, row by row
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def darkest_blue(rows, x0, x1):
    """The darkest colour of the palette (blue above red: not the black text or grey lines) that
    fills at least 20 pixels (a cell, a row of the key: not the antialiased edge of a digit)."""
    count = {}
    for row in rows:
        for p in row[x0:x1]:
            if p[2] - p[0] >= 20:
                count[p] = count.get(p, 0) + 1
    blues = [p for p, n in count.items() if n >= 20]
    return min(blues, key=sum) if blues else None


w, h, rows = pixels(sys.argv[1])
cells, key = darkest_blue(rows, 0, 1090), darkest_blue(rows, 1100, w)
if cells and key and all(abs(a - b) <= 3 for a, b in zip(cells, key)):
    sys.exit(0)
print('the darkest cell is rgb%s, the darkest colour of the key rgb%s' % (cells, key))
sys.exit(1)
