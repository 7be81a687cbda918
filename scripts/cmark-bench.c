/*
 * cmark-bench: the libcmark floor for `scripts/benchmark`.
 *
 * Reads a list of Markdown file paths, one per line, from the file named by the first argument
 * (or from standard input without one). For each file: read it whole, cmark_parse_document,
 * cmark_render_html, free both. Prints the totals on one line:
 *
 *     files N bytes-in B bytes-out H
 *
 * Options are CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE (raw HTML passed through, as a docs site
 * would). No extensions: plain CommonMark, which is what Stepwise reads with libcmark.
 * Exit status 1 when a file cannot be read (the totals still print).
 *
 * Build: cc -O2 -o cmark-bench cmark-bench.c $(pkg-config --cflags --libs libcmark)
 */
#include <cmark.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the whole file into *buffer (grown as needed); returns its length, or -1 on error. */
static long read_file(const char *path, char **buffer, size_t *capacity) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return -1;
  size_t length = 0;
  for (;;) {
    if (length == *capacity) {
      size_t grown = *capacity ? *capacity * 2 : 1 << 16;
      char *bigger = realloc(*buffer, grown);
      if (bigger == NULL) {
        fclose(file);
        return -1;
      }
      *buffer = bigger;
      *capacity = grown;
    }
    size_t got = fread(*buffer + length, 1, *capacity - length, file);
    length += got;
    if (got == 0) break;
  }
  int failed = ferror(file);
  fclose(file);
  return failed ? -1 : (long)length;
}

int main(int argc, char **argv) {
  FILE *list = stdin;
  if (argc > 2) {
    fprintf(stderr, "usage: %s [LIST]   (LIST: one Markdown path per line; default stdin)\n", argv[0]);
    return 2;
  }
  if (argc == 2 && (list = fopen(argv[1], "r")) == NULL) {
    fprintf(stderr, "cmark-bench: %s: %s\n", argv[1], strerror(errno));
    return 2;
  }

  const int options = CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE;
  char *line = NULL, *text = NULL;
  size_t line_capacity = 0, text_capacity = 0;
  unsigned long long files = 0, bytes_in = 0, bytes_out = 0;
  int status = 0;
  ssize_t line_length;
  while ((line_length = getline(&line, &line_capacity, list)) != -1) {
    while (line_length > 0 && (line[line_length - 1] == '\n' || line[line_length - 1] == '\r'))
      line[--line_length] = '\0';
    if (line_length == 0) continue;
    long length = read_file(line, &text, &text_capacity);
    if (length < 0) {
      fprintf(stderr, "cmark-bench: %s: %s\n", line, strerror(errno));
      status = 1;
      continue;
    }
    cmark_node *document = cmark_parse_document(text, (size_t)length, options);
    char *html = cmark_render_html(document, options);
    bytes_out += strlen(html);
    free(html);
    cmark_node_free(document);
    bytes_in += (unsigned long long)length;
    files++;
  }
  free(line);
  free(text);
  if (list != stdin) fclose(list);
  printf("files %llu bytes-in %llu bytes-out %llu\n", files, bytes_in, bytes_out);
  return status;
}
