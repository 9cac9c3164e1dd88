/* Unit tests of the HTTP server's pure parts: the request path to file
 * name mapping (what may never reach the file system) and the source
 * tree's layout, content types, the WebSocket handshake's accept key and
 * Origin check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

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

static void expect_source(const char *name, const char *want)
{
	char out[HTTP_MAX_PATH];

	assert_int_equal(http_source_name(name, out, sizeof(out)), 0);
	assert_string_equal(out, want);
}

/* The source tree laid out as installed: a game's page module from its
 * folder, everything else from web/. */
static void test_source_name(void **state)
{
	char small[16];

	(void)state;
	expect_source("index.html", "web/index.html");
	expect_source("games.js", "web/games.js");
	expect_source("go/index.html", "web/go/index.html");
	expect_source("games/go.js", "src/games/go/go.js");
	expect_source("games/mastermind.js", "src/games/mastermind/mastermind.js");
	expect_source("games/.js", "web/games/.js");
	expect_source("games/go.css", "web/games/go.css");
	expect_source("games/go/x.js", "web/games/go/x.js");
	expect_source("gamesgo.js", "web/gamesgo.js");
	assert_int_equal(http_source_name("games/flood.js", small, sizeof(small)), -1);
	assert_int_equal(http_source_name("abcdefghijklm", small, sizeof(small)), -1);
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

/* A socket address for ws_origin_allowed's local end. */
static const struct sockaddr *local_addr(struct sockaddr_storage *ss, const char *ip,
					 unsigned port)
{
	struct sockaddr_in *in = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET, ip, &in->sin_addr) == 1) {
		in->sin_family = AF_INET;
		in->sin_port = htons(port);
	} else {
		assert_int_equal(inet_pton(AF_INET6, ip, &in6->sin6_addr), 1);
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons(port);
	}
	return (const struct sockaddr *)ss;
}

static void test_origin(void **state)
{
	const char *const list[] = { "https://play.example", NULL };
	const char *const any[] = { "*", NULL };
	struct sockaddr_storage a, b, c, d;
	const struct sockaddr *lo = local_addr(&a, "127.0.0.1", 8080);
	const struct sockaddr *lo6 = local_addr(&b, "::1", 8080);
	const struct sockaddr *lan = local_addr(&c, "192.168.1.5", 8080);
	const struct sockaddr *mapped = local_addr(&d, "::ffff:192.168.1.5", 80);

	(void)state;
	assert_true(ws_origin_allowed(NULL, lo, "box", NULL));
	assert_true(ws_origin_allowed("http://127.0.0.1:8080", lo, "box", NULL));
	assert_true(ws_origin_allowed("http://LOCALHOST:8080", lo, "box", NULL));
	assert_true(ws_origin_allowed("http://localhost:8080", lo6, "box", NULL));
	assert_true(ws_origin_allowed("http://[::1]:8080", lo, "box", NULL));
	assert_true(ws_origin_allowed("http://127.0.0.2:8080", lo, "box", NULL));
	assert_true(ws_origin_allowed("https://box:8080", lo, "box", NULL));
	assert_true(ws_origin_allowed("http://BOX:8080", lan, "box", NULL));
	assert_true(ws_origin_allowed("http://192.168.1.5:8080", lan, "box", NULL));
	assert_true(ws_origin_allowed("http://192.168.1.5", mapped, "box", NULL));
	assert_true(ws_origin_allowed("http://[::ffff:192.168.1.5]", mapped, "box", NULL));
	/* The daemon's names on another port, or names that are not its own. */
	assert_false(ws_origin_allowed("http://127.0.0.1:8081", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1", lo, "box", NULL));
	assert_false(ws_origin_allowed("https://127.0.0.1", mapped, "box", NULL));
	assert_false(ws_origin_allowed("http://localhost:8080", lan, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:8080", lan, "box", NULL));
	assert_false(ws_origin_allowed("http://192.168.1.6:8080", lan, "box", NULL));
	assert_false(ws_origin_allowed("http://evil.example:8080", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://evil.example:8080", lo, "", NULL));
	assert_false(ws_origin_allowed("http://evil.example:8080", lo, NULL, NULL));
	assert_false(ws_origin_allowed("http://box.evil.example:8080", lo, "box", NULL));
	/* Not an origin as browsers send them. */
	assert_false(ws_origin_allowed("null", lo, "box", NULL));
	assert_false(ws_origin_allowed("ftp://127.0.0.1:8080", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://:8080", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:8080/", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:08080x", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:99999", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://u@127.0.0.1:8080", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://[::1:8080", lo, "box", NULL));
	assert_false(ws_origin_allowed("http://127.0.0.1:8080", NULL, "box", NULL));
	/* server.http_origins. */
	assert_true(ws_origin_allowed("https://play.example", lo, "box", list));
	assert_true(ws_origin_allowed("https://play.example", NULL, NULL, list));
	assert_false(ws_origin_allowed("https://play.example.org", lo, "box", list));
	assert_true(ws_origin_allowed("http://anything", lo, "box", any));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_path),    cmocka_unit_test(test_map_refused),
		cmocka_unit_test(test_source_name),
		cmocka_unit_test(test_content_type), cmocka_unit_test(test_accept_key),
		cmocka_unit_test(test_origin),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
