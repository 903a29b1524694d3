// jemalloc's options for the executables that replay scenarios, read by jemalloc at its first
// allocation (the `malloc_conf` global of jemalloc(3)). A run builds a heap of hundreds of
// megabytes out of small objects; on 4 KiB pages every new page is a fault, and the 10k rolling
// migration took about 215,000 of them. `thp:always` backs jemalloc's extents with transparent
// huge pages, which turns them into a few thousand (README, "Memory allocator").
// MALLOC_CONF in the environment still overrides it.

extern "C" const char* malloc_conf;
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): jemalloc's interface
const char* malloc_conf = "thp:always,metadata_thp:always";
