// The parts of librsvg's, cairo's, fontconfig's and GLib's C interfaces the card rasteriser
// calls, declared here instead of included: the libraries are opened when the first card is
// drawn (`dlopen`), not linked, so a build without cards loads none of the ~45 libraries they
// bring (8.6 ms and 8.5 MB of every start). These are the libraries' stable ABIs (rsvg.h,
// cairo.h, fontconfig.h, gerror.h); CardRasterizerTests draws through every one of them.
#include <stddef.h>
#include <stdint.h>

typedef struct { double x, y, width, height; } GNRsvgRectangle;       // RsvgRectangle
typedef struct { uint32_t domain; int32_t code; char *message; } GNGError; // GError
typedef struct { int nfont; int sfont; void **fonts; } GNFcFontSet;   // FcFontSet

// C enums are ints: cairo_format_t, cairo_status_t, FcMatchKind, FcResult. gboolean, FcBool: int.
#define GN_CAIRO_FORMAT_ARGB32 0
#define GN_CAIRO_STATUS_SUCCESS 0
#define GN_CAIRO_STATUS_WRITE_ERROR 11
#define GN_FC_MATCH_PATTERN 0
#define GN_FC_RESULT_MATCH 0
#define GN_FC_RESULT_NO_MATCH 1
#define GN_FC_WEIGHT_REGULAR 80
#define GN_FC_WEIGHT_BOLD 200

typedef void *(*GNRsvgHandleNewFromData)(const uint8_t *data, size_t length, GNGError **error);
typedef int (*GNRsvgHandleRenderDocument)(
    void *handle, void *cairo, const GNRsvgRectangle *viewport, GNGError **error);
typedef void (*GNGObjectUnref)(void *object);
typedef void (*GNGErrorFree)(GNGError *error);
typedef const char *(*GNCairoVersionString)(void);
typedef void *(*GNCairoImageSurfaceCreate)(int format, int width, int height);
typedef void (*GNCairoSurfaceDestroy)(void *surface);
typedef int (*GNCairoSurfaceStatus)(void *surface);
typedef void (*GNCairoSurfaceFlush)(void *surface);
typedef void *(*GNCairoCreate)(void *surface);
typedef void (*GNCairoDestroy)(void *cairo);
typedef int (*GNCairoStatus)(void *cairo);
typedef const char *(*GNCairoStatusToString)(int status);
typedef int (*GNCairoWriteFunction)(void *closure, const unsigned char *data, unsigned int length);
typedef int (*GNCairoSurfaceWriteToPNGStream)(void *surface, GNCairoWriteFunction write, void *closure);
typedef int (*GNFcInit)(void);
typedef void *(*GNFcPatternCreate)(void);
typedef void (*GNFcPatternDestroy)(void *pattern);
typedef int (*GNFcPatternAddString)(void *pattern, const char *object, const unsigned char *value);
typedef int (*GNFcPatternAddInteger)(void *pattern, const char *object, int value);
typedef int (*GNFcConfigSubstitute)(void *config, void *pattern, int kind);
typedef void (*GNFcDefaultSubstitute)(void *pattern);
typedef GNFcFontSet *(*GNFcFontSort)(void *config, void *pattern, int trim, void **charset, int *result);
typedef void (*GNFcFontSetDestroy)(GNFcFontSet *set);
typedef int (*GNFcPatternGetString)(void *pattern, const char *object, int n, unsigned char **value);
typedef int (*GNFcPatternGetInteger)(void *pattern, const char *object, int n, int *value);
