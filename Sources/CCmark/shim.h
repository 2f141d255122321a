// Found on the include path, so Debian's and Homebrew's prefixes both work.
#include <cmark.h>
