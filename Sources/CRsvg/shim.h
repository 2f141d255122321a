// Found on the include paths pkg-config gives for librsvg-2.0 (Debian's and Homebrew's both).
#include <librsvg/rsvg.h>
#include <cairo.h>
