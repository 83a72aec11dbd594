/* tracelens._fastscan: one pass over a Kineto trace's event array, straight into columns.
 *
 * scan(buffer, release=False) -> dict | None
 *
 * The buffer holds the JSON array of trace events ("[ {...}, ... ]"). Complete events
 * (ph "X") and instant events (ph i, I) become columns in Arrow's memory layout (int64
 * values with a byte mask, strings as int32 offsets + UTF-8 data); metadata and counter
 * events (ph M, C) are returned as byte spans for the Python parser to decode; B/E events are counted; others
 * (flows, ...) are skipped. Each X event's args stay raw JSON text; the promoted integer
 * fields (External id, correlation, device, stream, bytes) are read when they are plain
 * integers, and a row whose promoted fields hold anything else, or collective fields, is
 * listed in "flagged" for the Python parser to decode exactly as it decodes every event.
 *
 * It returns None, and the Python parser does the whole file, wherever its result could
 * differ from the Python parser's: malformed or truncated JSON, a field of a type msgspec
 * would reject, a number past a double's range in any event (msgspec refuses it, the Python
 * parser the event), a timestamp with an exponent or more than three decimals, a string pid/tid,
 * a numeric name, escaped keys, integers beyond int64, nesting deeper than 64.
 * Timestamps become exact integer nanoseconds from their decimal text.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef struct {
    const unsigned char *p;
    const unsigned char *end;
} Cur;

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

/* Growth, out of line: the appends below stay small enough to inline (an append per value). */
static __attribute__((noinline)) int buf_grow(Buf *b, size_t extra) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) cap *= 2;
    char *data = (char *)realloc(b->data, cap);
    if (!data) return -1;
    b->data = data;
    b->cap = cap;
    return 0;
}

static inline int buf_reserve(Buf *b, size_t extra) {
    if (b->len + extra <= b->cap) return 0;
    return buf_grow(b, extra);
}

static inline int buf_put(Buf *b, const void *src, size_t n) {
    if (buf_reserve(b, n)) return -1;
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}

static inline int buf_i64(Buf *b, int64_t v) { return buf_put(b, &v, sizeof v); }
static inline int buf_i32(Buf *b, int32_t v) { return buf_put(b, &v, sizeof v); }
static inline int buf_u8(Buf *b, uint8_t v) { return buf_put(b, &v, 1); }

static inline void skip_ws(Cur *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\r' || *c->p == '\t')) c->p++;
}

/* A UTF-8 sequence starting at p (first byte >= 0x80): its length, or 0 if invalid. */
static int utf8_len(const unsigned char *p, const unsigned char *end) {
    unsigned char c = p[0];
    int n;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; }
    else return 0;
    if (end - p < n) return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    return n;
}

static int hex4(const unsigned char *p, uint32_t *out) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char h = p[i];
        v <<= 4;
        if (h >= '0' && h <= '9') v |= h - '0';
        else if (h >= 'a' && h <= 'f') v |= h - 'a' + 10;
        else if (h >= 'A' && h <= 'F') v |= h - 'A' + 10;
        else return -1;
    }
    *out = v;
    return 0;
}

static int put_utf8(Buf *out, uint32_t cp) {
    unsigned char s[4];
    int n;
    if (cp < 0x80) { s[0] = (unsigned char)cp; n = 1; }
    else if (cp < 0x800) { s[0] = 0xC0 | (cp >> 6); s[1] = 0x80 | (cp & 0x3F); n = 2; }
    else if (cp < 0x10000) { s[0] = 0xE0 | (cp >> 12); s[1] = 0x80 | ((cp >> 6) & 0x3F); s[2] = 0x80 | (cp & 0x3F); n = 3; }
    else { s[0] = 0xF0 | (cp >> 18); s[1] = 0x80 | ((cp >> 12) & 0x3F); s[2] = 0x80 | ((cp >> 6) & 0x3F); s[3] = 0x80 | (cp & 0x3F); n = 4; }
    return buf_put(out, s, n);
}

/* A JSON string at c->p ('"'). Sets start and stop to its raw contents (between the quotes)
 * and *escaped when it holds escapes. Validates escapes and UTF-8. 0, or -1 if invalid. */
/* Bytes a string scan must look at: the quote, the backslash, controls, non-ASCII. */
static unsigned char SPECIAL[256];

static void init_special(void) {
    for (int i = 0; i < 256; i++) SPECIAL[i] = i < 0x20 || i >= 0x80 || i == '"' || i == '\\';
}

static int scan_string(Cur *c, const unsigned char **start, const unsigned char **stop, int *escaped) {
    const unsigned char *p = c->p + 1, *end = c->end;
    *escaped = 0;
    *start = p;
    while (p < end) {
#ifdef __SSE2__
        /* 16 bytes at a time to the next special byte: the quote, the backslash, or (one signed
         * comparison) a control byte or any byte >= 0x80. */
        while (end - p >= 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)p);
            __m128i hit = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
            int mask = _mm_movemask_epi8(hit);
            if (mask) {
                p += __builtin_ctz((unsigned)mask);
                break;
            }
            p += 16;
        }
#endif
        while (p < end && !SPECIAL[*p]) p++;
        if (p >= end) break;
        unsigned char ch = *p;
        if (ch == '"') {
            *stop = p;
            c->p = p + 1;
            return 0;
        }
        if (ch == '\\') {
            *escaped = 1;
            if (p + 1 >= end) return -1;
            unsigned char e = p[1];
            if (e == 'u') {
                if (end - p < 6) return -1;
                uint32_t cp;
                if (hex4(p + 2, &cp)) return -1;
                p += 6;
                /* a surrogate only as a pair (the Python path's decoder refuses a lone one) */
                if (cp >= 0xDC00 && cp <= 0xDFFF) return -1;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t lo;
                    if (end - p < 6 || p[0] != '\\' || p[1] != 'u' || hex4(p + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
                        return -1;
                    p += 6;
                }
            } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                p += 2;
            } else {
                return -1;
            }
        } else if (ch < 0x20) {
            return -1;
        } else if (ch >= 0x80) {
            int n = utf8_len(p, end);
            if (!n) return -1;
            p += n;
        } else {
            p++;
        }
    }
    return -1;
}

/* Append the decoded contents of a string scanned by scan_string. 0, -1 (a lone surrogate: not
 * taken), or -3 (out of memory). */
static int put_unescaped(Buf *out, const unsigned char *p, const unsigned char *stop, int escaped) {
    if (!escaped) return buf_put(out, p, (size_t)(stop - p)) ? -3 : 0;
    while (p < stop) {
        const unsigned char *q = p;
        while (q < stop && *q != '\\') q++;
        if (q > p && buf_put(out, p, (size_t)(q - p))) return -3;
        if (q >= stop) break;
        unsigned char e = q[1];
        uint32_t cp;
        switch (e) {
        case '"': cp = '"'; q += 2; break;
        case '\\': cp = '\\'; q += 2; break;
        case '/': cp = '/'; q += 2; break;
        case 'b': cp = '\b'; q += 2; break;
        case 'f': cp = '\f'; q += 2; break;
        case 'n': cp = '\n'; q += 2; break;
        case 'r': cp = '\r'; q += 2; break;
        case 't': cp = '\t'; q += 2; break;
        default: /* 'u' (validated by scan_string) */
            hex4(q + 2, &cp);
            q += 6;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                uint32_t lo;
                if (stop - q < 6 || q[0] != '\\' || q[1] != 'u' || hex4(q + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF) return -1;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                q += 6;
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                return -1;
            }
        }
        if (put_utf8(out, cp)) return -3;
        p = q;
    }
    return 0;
}

enum { NUM_INT = 1, NUM_DEC = 2, NUM_EXP = 3 };

/* A JSON number at c->p: its kind (NUM_*), or 0 if invalid, or one whose exponent may take it past a double's
 * range (msgspec refuses such a number, the Python parser the event holding it: the Python parser reads the file). */
static int scan_number(Cur *c) {
    const unsigned char *p = c->p, *end = c->end;
    int kind = NUM_INT;
    long digits = 0; /* the integer part's digits, a leading 0 none */
    if (p < end && *p == '-') p++;
    if (p >= end) return 0;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') { while (p < end && *p >= '0' && *p <= '9') { p++; digits++; } }
    else return 0;
    if (p < end && *p == '.') {
        p++;
        if (p >= end || *p < '0' || *p > '9') return 0;
        while (p < end && *p >= '0' && *p <= '9') p++;
        kind = NUM_DEC;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        int negative = 0;
        if (p < end && (*p == '+' || *p == '-')) negative = *p++ == '-';
        if (p >= end || *p < '0' || *p > '9') return 0;
        long exponent = 0;
        while (p < end && *p >= '0' && *p <= '9') {
            if (exponent < 100000) exponent = exponent * 10 + (*p - '0');
            p++;
        }
        if (!negative && digits + exponent > 308) return 0;
        kind = NUM_EXP;
    }
    c->p = p;
    return kind;
}

/* An integer token (no fraction, no exponent) to int64. 0, or -1 on overflow. */
static int int_value(const unsigned char *p, const unsigned char *stop, int64_t *out) {
    int neg = 0;
    uint64_t v = 0;
    if (*p == '-') { neg = 1; p++; }
    for (; p < stop; p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    if (neg) {
        if (v > (uint64_t)INT64_MAX + 1) return -1;
        *out = (int64_t)(0 - v);
    } else {
        if (v > (uint64_t)INT64_MAX) return -1;
        *out = (int64_t)v;
    }
    return 0;
}

/* Microseconds as decimal text (at most 3 fractional digits, no exponent) to exact ns. */
static int us_to_ns(const unsigned char *p, const unsigned char *stop, int64_t *out) {
    int neg = 0;
    uint64_t whole = 0;
    int64_t frac = 0;
    int digits = 0;
    if (*p == '-') { neg = 1; p++; }
    for (; p < stop && *p != '.'; p++) {
        if (*p < '0' || *p > '9') return -1;
        if (whole > (UINT64_MAX / 10)) return -1;
        whole = whole * 10 + (uint64_t)(*p - '0');
    }
    if (p < stop) {
        p++; /* '.' */
        for (; p < stop; p++) {
            if (*p < '0' || *p > '9' || ++digits > 3) return -1;
            frac = frac * 10 + (*p - '0');
        }
        for (int i = digits; i < 3; i++) frac *= 10;
    }
    if (whole > (uint64_t)(INT64_MAX / 1000) - 1) return -1;
    int64_t ns = (int64_t)whole * 1000 + frac;
    *out = neg ? -ns : ns;
    return 0;
}

/* After an object's member: 1 at a ',' (another follows), 0 at its closing '}' (consumed),
 * -1 for anything else. */
static int next_member(Cur *c) {
    skip_ws(c);
    if (c->p >= c->end) return -1;
    if (*c->p == ',') { c->p++; return 1; }
    if (*c->p == '}') { c->p++; return 0; }
    return -1;
}

/* Skip any JSON value at c->p. 0, or -1 if invalid. */
static int skip_value(Cur *c, int depth) {
    const unsigned char *s, *e;
    int esc;
    if (depth > 64 || c->p >= c->end) return -1;
    switch (*c->p) {
    case '"':
        return scan_string(c, &s, &e, &esc);
    case '{':
    case '[': {
        unsigned char close = *c->p == '{' ? '}' : ']';
        int object = close == '}';
        c->p++;
        skip_ws(c);
        if (c->p < c->end && *c->p == close) { c->p++; return 0; }
        for (;;) {
            skip_ws(c);
            if (object) {
                if (c->p >= c->end || *c->p != '"' || scan_string(c, &s, &e, &esc)) return -1;
                skip_ws(c);
                if (c->p >= c->end || *c->p != ':') return -1;
                c->p++;
                skip_ws(c);
            }
            if (skip_value(c, depth + 1)) return -1;
            skip_ws(c);
            if (c->p >= c->end) return -1;
            if (*c->p == ',') { c->p++; continue; }
            if (*c->p == close) { c->p++; return 0; }
            return -1;
        }
    }
    case 't':
        if (c->end - c->p >= 4 && !memcmp(c->p, "true", 4)) { c->p += 4; return 0; }
        return -1;
    case 'f':
        if (c->end - c->p >= 5 && !memcmp(c->p, "false", 5)) { c->p += 5; return 0; }
        return -1;
    case 'n':
        if (c->end - c->p >= 4 && !memcmp(c->p, "null", 4)) { c->p += 4; return 0; }
        return -1;
    default:
        return scan_number(c) ? 0 : -1;
    }
}

/* The Python parser's reading of a string pid/tid ("stream 7" -> 7, "Spans" -> null): the
 * integer its text ends with (regex (-?\d+)\s*$), null if none or out of range. -1 where
 * that reading could differ (escapes, non-ASCII text). */
static int trailing_int(const unsigned char *s, const unsigned char *e, int escaped, int64_t *out, int *valid) {
    *valid = 0;
    if (escaped) return -1;
    for (const unsigned char *p = s; p < e; p++) if (*p >= 0x80) return -1;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r' || e[-1] == '\f' || e[-1] == '\v')) e--;
    const unsigned char *d = e;
    while (d > s && d[-1] >= '0' && d[-1] <= '9') d--;
    if (d == e) return 0;
    if (d > s && d[-1] == '-') d--;
    if (int_value(d, e, out) == 0) *valid = 1;
    return 0;
}

/* A value's type, for type checks: */
enum { V_NONE = 0, V_NULL, V_STR, V_INT, V_NUM, V_OTHER };

typedef struct {
    int type;
    const unsigned char *start, *stop; /* string contents, or the number's text */
    int escaped;
} Val;

/* Read a value, keeping strings' and numbers' spans; other values are skipped. */
static int read_value(Cur *c, Val *v) {
    v->escaped = 0;
    if (c->p >= c->end) return -1;
    unsigned char ch = *c->p;
    if (ch == '"') {
        v->type = V_STR;
        return scan_string(c, &v->start, &v->stop, &v->escaped);
    }
    if (ch == '-' || (ch >= '0' && ch <= '9')) {
        v->start = c->p;
        int kind = scan_number(c);
        if (!kind) return -1;
        v->stop = c->p;
        v->type = kind == NUM_INT ? V_INT : V_NUM;
        return 0;
    }
    if (ch == 'n') {
        v->type = V_NULL;
        return skip_value(c, 0);
    }
    v->type = V_OTHER;
    return skip_value(c, 0);
}

/* A key (raw string contents s..e) equal to a literal; the length is compared first and known
 * at compile time (a strlen per comparison was 4 % of a scan: args hold many unknown keys). */
#define KEY_IS(s, e, lit) ((size_t)((e) - (s)) == sizeof(lit) - 1 && !memcmp((s), (lit), sizeof(lit) - 1))

typedef struct {
    const char *text;
    size_t len;
} Key;
#define KEY(lit) {lit, sizeof(lit) - 1}

static inline int key_in(const unsigned char *s, const unsigned char *e, const Key *keys, int n) {
    size_t len = (size_t)(e - s);
    for (int i = 0; i < n; i++)
        if (keys[i].len == len && !memcmp(s, keys[i].text, len)) return i;
    return -1;
}

/* Output columns */
typedef struct {
    Buf values, mask;
} IntCol;

typedef struct {
    Buf offsets, data, mask;
} StrCol;

enum { A_EXT, A_EXT_LEGACY, A_CORR, A_DEVICE, A_STREAM, A_BYTES, N_ARGS };
static const Key ARG_KEYS[N_ARGS] = {
    KEY("External id"), KEY("external id"), KEY("correlation"), KEY("device"), KEY("stream"), KEY("bytes")};
static const Key COLLECTIVE_KEYS[] = {
    KEY("Collective name"), KEY("In msg nelems"), KEY("Out msg nelems"), KEY("In split size"), KEY("Out split size"),
    KEY("dtype"), KEY("Group size"), KEY("Process Group Name"), KEY("Process Group Description"),
    KEY("Process Group Ranks"), KEY("Seq")};
#define N_COLLECTIVE_KEYS ((int)(sizeof COLLECTIVE_KEYS / sizeof COLLECTIVE_KEYS[0]))

typedef struct {
    IntCol pid, tid, ts, dur, args_int[N_ARGS];
    StrCol cat, name, args;
    IntCol i_pid, i_tid, i_ts;          /* instant events (ph i/I) */
    StrCol i_cat, i_name, i_scope, i_args;
    Buf flagged, others;
    int64_t rows, instants, missing_ts, begin_end;
} Out;

static void out_free(Out *o) {
    IntCol *ints[] = {&o->pid, &o->tid, &o->ts, &o->dur, &o->i_pid, &o->i_tid, &o->i_ts};
    for (int i = 0; i < 7; i++) { free(ints[i]->values.data); free(ints[i]->mask.data); }
    for (int i = 0; i < N_ARGS; i++) { free(o->args_int[i].values.data); free(o->args_int[i].mask.data); }
    StrCol *strs[] = {&o->cat, &o->name, &o->args, &o->i_cat, &o->i_name, &o->i_scope, &o->i_args};
    for (int i = 0; i < 7; i++) { free(strs[i]->offsets.data); free(strs[i]->data.data); free(strs[i]->mask.data); }
    free(o->flagged.data);
    free(o->others.data);
}

static int int_put(IntCol *col, int valid, int64_t v) {
    return buf_i64(&col->values, valid ? v : 0) || buf_u8(&col->mask, valid ? 1 : 0);
}

/* 0, -1 (content the scanner does not take: a lone surrogate, a column over 2 GiB), or -3. */
static int str_put(StrCol *col, const Val *v) {
    if (v->type == V_STR) {
        int status = put_unescaped(&col->data, v->start, v->stop, v->escaped);
        if (status) return status;
    }
    if (col->data.len > INT32_MAX) return -1;
    return buf_i32(&col->offsets, (int32_t)col->data.len) || buf_u8(&col->mask, v->type == V_STR) ? -3 : 0;
}

/* The promoted fields of an X event's args (an object span). *flag set when Python must decode it. */
static int read_args(Cur *cur, int64_t vals[N_ARGS], int have[N_ARGS], int *flag) {
    Cur c = *cur;
    const unsigned char *ks, *ke;
    int esc;
    for (int i = 0; i < N_ARGS; i++) have[i] = 0;
    if (c.p >= c.end || *c.p != '{') { *flag = 1; return 0; }
    c.p++;
    skip_ws(&c);
    if (c.p < c.end && *c.p == '}') { cur->p = c.p + 1; return 0; }
    for (;;) {
        skip_ws(&c);
        if (c.p >= c.end || *c.p != '"' || scan_string(&c, &ks, &ke, &esc)) return -1;
        if (esc) return -2;
        skip_ws(&c);
        if (c.p >= c.end || *c.p != ':') return -1;
        c.p++;
        skip_ws(&c);
        int which = key_in(ks, ke, ARG_KEYS, N_ARGS);
        if (which < 0) {
            if (key_in(ks, ke, COLLECTIVE_KEYS, N_COLLECTIVE_KEYS) >= 0) *flag = 1;
            if (skip_value(&c, 2)) return -1;
        } else {
            Val v;
            if (read_value(&c, &v)) return -1;
            if (v.type == V_INT) {
                if (int_value(v.start, v.stop, &vals[which])) { *flag = 1; } else { have[which] = 1; }
            } else if (v.type == V_NULL) {
                have[which] = 0;
            } else {
                *flag = 1;
            }
        }
        skip_ws(&c);
        if (c.p >= c.end) return -1;
        if (*c.p == ',') { c.p++; continue; }
        if (*c.p == '}') { cur->p = c.p + 1; return 0; }
        return -1;
    }
}

/* One event object at c->p. 0 ok, -1 invalid JSON, -2 unsupported (Python decides). */
static int scan_event(Cur *c, const unsigned char *base, Out *o) {
    const unsigned char *ev_start = c->p, *ks, *ke;
    int esc;
    Val ph = {V_NONE}, cat = {V_NONE}, name = {V_NONE}, pid = {V_NONE}, tid = {V_NONE}, ts = {V_NONE}, dur = {V_NONE};
    Val scope = {V_NONE};
    int64_t args_vals[N_ARGS];
    int args_have[N_ARGS], args_flag = 0, args_read = 0;
    const unsigned char *args_start = NULL, *args_stop = NULL;
    if (*c->p != '{') return -2;  /* msgspec rejects a non-object event */
    c->p++;
    skip_ws(c);
    if (c->p < c->end && *c->p == '}') {
        c->p++;
        return 0;  /* {}: ph "" */
    }
    for (;;) {
        skip_ws(c);
        if (c->p >= c->end || *c->p != '"' || scan_string(c, &ks, &ke, &esc)) return -1;
        if (esc) return -2;
        skip_ws(c);
        if (c->p >= c->end || *c->p != ':') return -1;
        c->p++;
        skip_ws(c);
        Val *slot = NULL;
        if (KEY_IS(ks, ke, "ph")) slot = &ph;
        else if (KEY_IS(ks, ke, "cat")) slot = &cat;
        else if (KEY_IS(ks, ke, "name")) slot = &name;
        else if (KEY_IS(ks, ke, "pid")) slot = &pid;
        else if (KEY_IS(ks, ke, "tid")) slot = &tid;
        else if (KEY_IS(ks, ke, "ts")) slot = &ts;
        else if (KEY_IS(ks, ke, "dur")) slot = &dur;
        if (slot) {
            if (read_value(c, slot)) return -1;
        } else if (KEY_IS(ks, ke, "args")) {
            args_start = c->p;
            if (ph.type == V_STR && !ph.escaped && ph.stop - ph.start == 1 && ph.start[0] == 'X' && *c->p == '{') {
                /* Kineto writes ph first: read the promoted fields now, not in a second pass */
                int r = read_args(c, args_vals, args_have, &args_flag);
                if (r) return r;
                args_read = 1;
            } else {
                args_read = 0;  /* a repeated "args" key: the last one counts, as in msgspec */
                args_flag = 0;
                if (skip_value(c, 1)) return -1;
            }
            args_stop = c->p;
        } else if (KEY_IS(ks, ke, "s")) {
            if (read_value(c, &scope)) return -1;
            if (scope.type != V_STR && scope.type != V_NULL) return -2;
        } else if (skip_value(c, 1)) {
            return -1;
        }
        int more = next_member(c);
        if (more < 0) return -1;
        if (!more) break;
    }
    /* The types msgspec accepts for every event (_Event in parsers/kineto/_decode.py) */
    if (ph.type != V_NONE && ph.type != V_STR) return -2;
    if (cat.type != V_NONE && cat.type != V_NULL && cat.type != V_STR) return -2;
    if (name.type == V_OTHER) return -2;
    if (pid.type == V_NUM || pid.type == V_OTHER || tid.type == V_NUM || tid.type == V_OTHER) return -2;
    if (ts.type == V_STR || ts.type == V_OTHER || dur.type == V_STR || dur.type == V_OTHER) return -2;
    if (ph.type == V_STR && ph.escaped) return -2;
    if (ph.type != V_STR || ph.stop - ph.start != 1) return 0;  /* not a phase we store */
    unsigned char phase = ph.start[0];
    if (phase == 'B' || phase == 'E') {
        o->begin_end++;
        return 0;
    }
    if (phase == 'M' || phase == 'C') {
        return buf_i64(&o->others, (int64_t)(ev_start - base)) || buf_i64(&o->others, (int64_t)(c->p - base)) ? -3 : 0;
    }
    if (phase != 'X' && phase != 'i' && phase != 'I') return 0;
    if (ts.type == V_NONE || ts.type == V_NULL) {
        if (phase == 'X') o->missing_ts++;
        return 0;
    }
    /* Only what the Python parser would store identically */
    if (name.type == V_INT || name.type == V_NUM) return -2;
    int64_t ts_ns, dur_ns = 0, pid_v = 0, tid_v = 0;
    int pid_ok = 0, tid_ok = 0;
    if (ts.type == V_NUM && memchr(ts.start, 'e', ts.stop - ts.start)) return -2;
    if (ts.type == V_NUM && memchr(ts.start, 'E', ts.stop - ts.start)) return -2;
    if (us_to_ns(ts.start, ts.stop, &ts_ns)) return -2;
    if (dur.type == V_INT || dur.type == V_NUM) {
        if (memchr(dur.start, 'e', dur.stop - dur.start) || memchr(dur.start, 'E', dur.stop - dur.start)) return -2;
        if (us_to_ns(dur.start, dur.stop, &dur_ns)) return -2;
    }
    if (pid.type == V_INT) {
        if (int_value(pid.start, pid.stop, &pid_v)) return -2;
        pid_ok = 1;
    } else if (pid.type == V_STR && trailing_int(pid.start, pid.stop, pid.escaped, &pid_v, &pid_ok)) {
        return -2;
    }
    if (tid.type == V_INT) {
        if (int_value(tid.start, tid.stop, &tid_v)) return -2;
        tid_ok = 1;
    } else if (tid.type == V_STR && trailing_int(tid.start, tid.stop, tid.escaped, &tid_v, &tid_ok)) {
        return -2;
    }
    static const unsigned char EMPTY_ARGS[] = "{}";
    const unsigned char *as = args_start ? args_start : EMPTY_ARGS;
    const unsigned char *ae = args_start ? args_stop : EMPTY_ARGS + 2;
    if (phase != 'X') {
        Val raw = {V_STR, as, ae, 0};
        if (int_put(&o->i_pid, pid_ok, pid_v) || int_put(&o->i_tid, tid_ok, tid_v) || int_put(&o->i_ts, 1, ts_ns))
            return -3;
        int status;
        if ((status = str_put(&o->i_cat, &cat)) || (status = str_put(&o->i_name, &name))
            || (status = str_put(&o->i_scope, &scope)) || (status = str_put(&o->i_args, &raw)))
            return status;
        o->instants++;
        return 0;
    }
    int64_t *vals = args_vals;
    int *have = args_have, flag = args_flag;
    if (!args_read) {
        Cur ac = {as, ae};
        int r = read_args(&ac, vals, have, &flag);
        if (r) return r;
    }
    if (int_put(&o->pid, pid_ok, pid_v) || int_put(&o->tid, tid_ok, tid_v)
        || int_put(&o->ts, 1, ts_ns) || int_put(&o->dur, 1, dur_ns))
        return -3;
    for (int i = 0; i < N_ARGS; i++)
        if (int_put(&o->args_int[i], have[i], have[i] ? vals[i] : 0)) return -3;
    Val raw = {V_STR, as, ae, 0};
    int status;
    if ((status = str_put(&o->cat, &cat)) || (status = str_put(&o->name, &name)) || (status = str_put(&o->args, &raw)))
        return status;
    if (flag && buf_i64(&o->flagged, o->rows)) return -3;
    o->rows++;
    return 0;
}

/* A column's bytes handed to Python without a copy: the buffer protocol over memory this
 * module allocated, freed when the last view of it goes. Writable: numpy patches the
 * promoted integer columns in place. (Copying them into bytes cost a copy and fresh pages for
 * every column, ~45 MB for a 54 MB trace.) */
typedef struct {
    PyObject_HEAD
    char *data;
    Py_ssize_t len;
} Owned;

static char EMPTY[8];

static void owned_dealloc(Owned *self) {
    free(self->data);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int owned_getbuffer(Owned *self, Py_buffer *view, int flags) {
    return PyBuffer_FillInfo(view, (PyObject *)self, self->data ? self->data : EMPTY, self->len, 0, flags);
}

static Py_ssize_t owned_length(Owned *self) { return self->len; }

static PyBufferProcs owned_as_buffer = {(getbufferproc)owned_getbuffer, NULL};
static PySequenceMethods owned_as_sequence = {.sq_length = (lenfunc)owned_length};

static PyTypeObject OwnedType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tracelens._fastscan.Owned",
    .tp_basicsize = sizeof(Owned),
    .tp_dealloc = (destructor)owned_dealloc,
    .tp_as_sequence = &owned_as_sequence,
    .tp_as_buffer = &owned_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Bytes of a scanned column, owned by this object (buffer protocol, writable).",
};

/* Moves a buffer's memory into a new Owned object; the Buf is left empty either way. */
static PyObject *take(Buf *b) {
    Owned *o = PyObject_New(Owned, &OwnedType);
    if (!o) {
        free(b->data);
    } else {
        o->data = b->data;
        o->len = (Py_ssize_t)b->len;
    }
    b->data = NULL;
    b->len = b->cap = 0;
    return (PyObject *)o;
}

static PyObject *int_col(IntCol *col) {
    return Py_BuildValue("(NN)", take(&col->values), take(&col->mask));
}

static PyObject *str_col(StrCol *col) {
    return Py_BuildValue("(NNN)", take(&col->offsets), take(&col->data), take(&col->mask));
}

#define RELEASE_EVERY (8 << 20)

/* Hand back to the kernel the whole pages of a file mapping between from and to: they were
 * read and are not needed again (a later read faults them back in from the page cache). */
static void release_pages(const unsigned char *from, const unsigned char *to) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)from + page - 1) / page * page;
    uintptr_t stop = (uintptr_t)to / page * page;
    if (stop > start) madvise((void *)start, stop - start, MADV_DONTNEED);
}

/* Scan the event array at c->p (after whitespace): every event into o. 0, -1 (not an array
 * the scanner takes), or -3 (out of memory). `base` is the array's first byte: the offsets
 * handed back for events left to Python are relative to it. */
static int scan_array(Cur *c, const unsigned char *base, Out *o, int release) {
    int status = 0;
    if (c->p >= c->end || *c->p != '[') return -1;
    c->p++;
    skip_ws(c);
    if (c->p < c->end && *c->p == ']') {
        c->p++;
        return 0;
    }
    const unsigned char *released = base;
    for (;;) {
        skip_ws(c);
        if (c->p >= c->end) return -1;
        status = scan_event(c, base, o);
        if (status) return status;
        if (release && c->p - released >= RELEASE_EVERY) {
            release_pages(released, c->p);
            released = c->p;
        }
        skip_ws(c);
        if (c->p >= c->end) return -1;
        if (*c->p == ',') { c->p++; continue; }
        if (*c->p == ']') { c->p++; return 0; }
        return -1;
    }
}

static int out_init(Out *o) {
    memset(o, 0, sizeof *o);
    StrCol *strs[] = {&o->cat, &o->name, &o->args, &o->i_cat, &o->i_name, &o->i_scope, &o->i_args};
    for (int i = 0; i < 7; i++)
        if (buf_i32(&strs[i]->offsets, 0)) return -3;
    return 0;
}

/* The result dict for a successful scan (o's memory moves into it), or NULL with an error. */
static PyObject *result_of(Out *o) {
    PyObject *instants = Py_BuildValue(
        "{s:L,s:N,s:N,s:N,s:N,s:N,s:N,s:N}", "rows", (long long)o->instants,
        "pid", int_col(&o->i_pid), "tid", int_col(&o->i_tid), "ts_ns", int_col(&o->i_ts), "category", str_col(&o->i_cat),
        "name", str_col(&o->i_name), "scope", str_col(&o->i_scope), "args_json", str_col(&o->i_args));
    if (!instants) {
        out_free(o);
        return NULL;
    }
    PyObject *result = Py_BuildValue(
        "{s:L,s:L,s:L,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}",
        "rows", (long long)o->rows, "missing_ts", (long long)o->missing_ts, "begin_end", (long long)o->begin_end,
        "pid", int_col(&o->pid), "tid", int_col(&o->tid), "ts_ns", int_col(&o->ts), "dur_ns", int_col(&o->dur),
        "external_id", int_col(&o->args_int[A_EXT]), "external_id_legacy", int_col(&o->args_int[A_EXT_LEGACY]),
        "correlation", int_col(&o->args_int[A_CORR]), "device", int_col(&o->args_int[A_DEVICE]),
        "stream", int_col(&o->args_int[A_STREAM]), "bytes", int_col(&o->args_int[A_BYTES]),
        "category", str_col(&o->cat), "name", str_col(&o->name), "args_json", str_col(&o->args),
        "flagged", take(&o->flagged), "others", take(&o->others), "instants", instants);
    out_free(o);
    return result;
}

/* The buffer is one event array (whitespace around it allowed). */
static int scan_whole_array(Cur *c, Out *o, int release) {
    const unsigned char *base = c->p;
    skip_ws(c);
    int status = scan_array(c, base, o, release);
    if (status) return status;
    skip_ws(c);
    return c->p == c->end ? 0 : -1;
}

/* A whole trace document: its top-level object's "traceEvents" array scanned as `scan` does,
 * every other value checked and skipped. -1 where the document is not one the scanner takes
 * as it is (not an object, no or two "traceEvents" keys, an escaped key, anything malformed or
 * cut short): the caller then decodes it the general way. */
static int scan_doc(Cur *c, Out *o, int release, const unsigned char **start, const unsigned char **stop) {
    const unsigned char *s, *e;
    int esc, found = 0;
    skip_ws(c);
    if (c->p >= c->end || *c->p != '{') return -1;
    c->p++;
    skip_ws(c);
    if (c->p < c->end && *c->p == '}') return -1;
    for (;;) {
        skip_ws(c);
        if (c->p >= c->end || *c->p != '"' || scan_string(c, &s, &e, &esc) || esc) return -1;
        skip_ws(c);
        if (c->p >= c->end || *c->p != ':') return -1;
        c->p++;
        skip_ws(c);
        if (e - s == 11 && !memcmp(s, "traceEvents", 11)) {
            if (found) return -1;
            found = 1;
            *start = c->p;
            int status = scan_array(c, c->p, o, release);
            if (status) return status;
            *stop = c->p;
        } else if (skip_value(c, 1)) {
            return -1;
        }
        int more = next_member(c);
        if (more < 0) return -1;
        if (!more) break;
    }
    skip_ws(c);
    return found && c->p == c->end ? 0 : -1;
}

/* scan() and scan_document(): the buffer scanned with the GIL released; None where the
 * scanner declines it. With `document`, the result is (columns, start, stop) of the array. */
static PyObject *scan_entry(PyObject *args, PyObject *kwargs, int document) {
    static char *kwlist[] = {"buffer", "release", NULL};
    PyObject *arg;
    int release = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|p", kwlist, &arg, &release)) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    Out o;
    int status = 0;
    const unsigned char *base = (const unsigned char *)view.buf, *start = NULL, *stop = NULL;
    Py_BEGIN_ALLOW_THREADS
    Cur c = {base, base + view.len};
    status = out_init(&o);
    if (!status) status = document ? scan_doc(&c, &o, release, &start, &stop) : scan_whole_array(&c, &o, release);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (status) {
        out_free(&o);
        if (status == -3) return PyErr_NoMemory();
        Py_RETURN_NONE;
    }
    PyObject *result = result_of(&o);
    if (!result || !document) return result;
    return Py_BuildValue("(Nnn)", result, (Py_ssize_t)(start - base), (Py_ssize_t)(stop - base));
}

static PyObject *scan(PyObject *self, PyObject *args, PyObject *kwargs) { return scan_entry(args, kwargs, 0); }

static PyObject *scan_document(PyObject *self, PyObject *args, PyObject *kwargs) {
    return scan_entry(args, kwargs, 1);
}

static PyMethodDef methods[] = {
    {"scan", (PyCFunction)(void (*)(void))scan, METH_VARARGS | METH_KEYWORDS,
     "scan(buffer, release=False) -> dict | None: a Kineto event array's complete and instant events as columns.\n"
     "release=True hands the pages already read back to the kernel as it goes (for a read-only file mapping)."},
    {"scan_document", (PyCFunction)(void (*)(void))scan_document, METH_VARARGS | METH_KEYWORDS,
     "scan_document(buffer, release=False) -> (dict, start, stop) | None: a whole trace document; its traceEvents\n"
     "array scanned as scan() does, found at buffer[start:stop]; None where the general decoder must run."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastscan", NULL, -1, methods};

PyMODINIT_FUNC PyInit__fastscan(void) {
    init_special();
    if (PyType_Ready(&OwnedType) < 0) return NULL;
    return PyModule_Create(&module);
}
