// Put in place of chess.js's `rand` and its keys by the site build (sitebuild/vendor_patches.py): the
// same 1,561 Zobrist keys xoroshiro128** on BigInts gave, in the same order (the pieces' 2 x 6 x 128,
// the en-passant files' 8, the castling rights' 16, the side's 1). Only the generator's state is
// stepped here, in 32-bit halves; a key is made from its step's state, as a BigInt, when first read.
const ZOBRIST_S0 = (() => {
    // Each step's s0 (the state's low 64 bits), as two unsigned 32-bit halves, high first.
    const s0s = new Uint32Array(2 * 1561);
    let s0h = 0x31c4b365, s0l = 0xb102e01e, s1h = 0xa187eb39, s1l = 0xcdcaed8f;
    for (let n = 0; n < s0s.length; n += 2) {
        s0s[n] = s0h;
        s0s[n + 1] = s0l;
        // s1 ^= s0; s0 = rotl(s0, 24) ^ s1 ^ (s1 << 16); s1 = rotl(s1, 37), in signed 32-bit halves
        const th = s1h ^ s0h;
        const tl = s1l ^ s0l;
        const ah = (s0h << 24) | (s0l >>> 8);
        const al = (s0l << 24) | (s0h >>> 8);
        s0h = ah ^ th ^ ((th << 16) | (tl >>> 16));
        s0l = al ^ tl ^ (tl << 16);
        s1h = (tl << 5) | (th >>> 27);
        s1l = (th << 5) | (tl >>> 27);
    }
    return s0s;
})();
const ZOBRIST_KEYS = new Array(1561);
function zobristKey(n) {
    let key = ZOBRIST_KEYS[n];
    if (key === undefined) {
        // rotl(s0 * 5, 7) * 9, modulo 2 ** 64
        let p = ZOBRIST_S0[2 * n + 1] * 5;
        let lo = p >>> 0;
        const hi = (ZOBRIST_S0[2 * n] * 5 + (p - lo) / 4294967296) >>> 0;
        const rh = ((hi << 7) | (lo >>> 25)) >>> 0;
        const rl = ((lo << 7) | (hi >>> 25)) >>> 0;
        p = rl * 9;
        lo = p >>> 0;
        key = ZOBRIST_KEYS[n] = (BigInt((rh * 9 + (p - lo) / 4294967296) >>> 0) << 32n) | BigInt(lo);
    }
    return key;
}
const SIDE_KEY = zobristKey(1560);
