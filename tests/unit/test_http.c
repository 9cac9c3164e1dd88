/* Unit tests of the HTTP server's pure parts: the request path to file
 * name mapping (what may never reach the file system), content types, the
 * WebSocket handshake's accept key and Origin check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "http.h"
#include "ws.h"

static void expect_map(const char *path, const char *want)
{
	char out[HTTP_MAX_PATH];

	assert_int_equal(http_map_path(path, out, sizeof(out)), 0);
	assert_string_equal(out, want);
}

static void expect_refused(const char *path)
{
	char out[HTTP_MAX_PATH];

	assert_int_equal(http_map_path(path, out, sizeof(out)), -1);
}

static void test_map_path(void **state)
{
	(void)state;
	expect_map("/", "index.html");
	expect_map("/app.js", "app.js");
	expect_map("/go/", "go/index.html");
	expect_map("/go", "go");
	expect_map("/go/board.svg", "go/board.svg");
	expect_map("//go///board.svg", "go/board.svg");
	expect_map("/a..b", "a..b");
}

static void test_map_refused(void **state)
{
	char big[HTTP_MAX_PATH + 8], small[8];

	(void)state;
	expect_refused("");
	expect_refused("app.js");
	expect_refused("/..");
	expect_refused("/../etc/passwd");
	expect_refused("/go/../../etc/passwd");
	expect_refused("/./app.js");
	expect_refused("/.git/config");
	expect_refused("/go/.hidden");
	memset(big, 'a', sizeof(big) - 1);
	big[0] = '/';
	big[sizeof(big) - 1] = '\0';
	expect_refused(big);
	assert_int_equal(http_map_path("/abcdefgh", small, sizeof(small)), -1);
	assert_int_equal(http_map_path("/abc/", small, sizeof(small)), -1);
}

static void test_content_type(void **state)
{
	(void)state;
	assert_string_equal(http_content_type("index.html"), "text/html; charset=utf-8");
	assert_string_equal(http_content_type("go/app.JS"), "text/javascript; charset=utf-8");
	assert_string_equal(http_content_type("a.css"), "text/css; charset=utf-8");
	assert_string_equal(http_content_type("board.svg"), "image/svg+xml");
	assert_string_equal(http_content_type("icon.png"), "image/png");
	assert_string_equal(http_content_type("README"), "application/octet-stream");
	assert_string_equal(http_content_type("v1.2/README"), "application/octet-stream");
	assert_string_equal(http_content_type("x.exe"), "application/octet-stream");
}

static void test_accept_key(void **state)
{
	char out[WS_ACCEPT_LEN + 1];

	(void)state;
	/* RFC 6455 section 1.3's example. */
	assert_int_equal(ws_accept_key("dGhlIHNhbXBsZSBub25jZQ==", out), 0);
	assert_string_equal(out, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
	assert_int_equal(ws_accept_key(NULL, out), -1);
	assert_int_equal(ws_accept_key("", out), -1);
	assert_int_equal(ws_accept_key("c2hvcnQ=", out), -1);                 /* 5 bytes */
	assert_int_equal(ws_accept_key("dGhlIHNhbXBsZSBub25jZQ=!", out), -1); /* not base64 */
	assert_int_equal(ws_accept_key("dGhlIHNhbXBsZSBub25jZQ===", out), -1);
	assert_int_equal(ws_accept_key("AAAAAAAAAAAAAAAAAAAAAAAA", out), -1); /* 18 bytes */
}

static void test_origin(void **state)
{
	const char *const list[] = { "https://play.example", NULL };
	const char *const any[] = { "*", NULL };

	(void)state;
	assert_true(ws_origin_allowed(NULL, "127.0.0.1:8080", NULL));
	assert_true(ws_origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", NULL));
	assert_true(ws_origin_allowed("http://LOCALHOST:8080", "localhost:8080", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:8081", "127.0.0.1:8080", NULL));
	assert_false(ws_origin_allowed("http://evil.example", "127.0.0.1:8080", NULL));
	assert_false(ws_origin_allowed("null", "127.0.0.1:8080", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:8080", NULL, NULL));
	assert_true(ws_origin_allowed("https://play.example", "127.0.0.1:8080", list));
	assert_false(ws_origin_allowed("https://play.example.org", "127.0.0.1:8080", list));
	assert_true(ws_origin_allowed("http://anything", "127.0.0.1:8080", any));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_path),    cmocka_unit_test(test_map_refused),
		cmocka_unit_test(test_content_type), cmocka_unit_test(test_accept_key),
		cmocka_unit_test(test_origin),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
