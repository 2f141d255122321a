// Found on the include paths pkg-config gives for librsvg-2.0 (Debian's and Homebrew's both).
#include <librsvg/rsvg.h>
#include <cairo.h>
// The fonts librsvg's text (pango) will use, for the rasteriser's identity.
#include <fontconfig/fontconfig.h>
