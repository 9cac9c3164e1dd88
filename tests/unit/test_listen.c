/* Unit tests of listen_parse: the "[HOST:]PORT" text of --listen and
 * server.listen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "util/listen.h"

static void test_ipv4(void **state)
{
	char host[64];
	int port = -1;

	(void)state;
	assert_int_equal(listen_parse("127.0.0.1:7077", host, sizeof(host), &port), 0);
	assert_string_equal(host, "127.0.0.1");
	assert_int_equal(port, 7077);
	assert_int_equal(listen_parse("0.0.0.0:0", host, sizeof(host), &port), 0);
	assert_string_equal(host, "0.0.0.0");
	assert_int_equal(port, 0);
	assert_int_equal(listen_parse("localhost:65535", host, sizeof(host), &port), 0);
	assert_string_equal(host, "localhost");
	assert_int_equal(port, 65535);
}

static void test_ipv6(void **state)
{
	char host[64];
	int port = -1;

	(void)state;
	assert_int_equal(listen_parse("[::1]:7077", host, sizeof(host), &port), 0);
	assert_string_equal(host, "::1");
	assert_int_equal(port, 7077);
	assert_int_equal(listen_parse("[::]:0", host, sizeof(host), &port), 0);
	assert_string_equal(host, "::");
	assert_int_equal(port, 0);
	assert_int_equal(listen_parse("[fe80::1:2]:80", host, sizeof(host), &port), 0);
	assert_string_equal(host, "fe80::1:2");
	assert_int_equal(port, 80);
}

static void test_bare_port(void **state)
{
	char host[64];
	int port = -1;

	(void)state;
	assert_int_equal(listen_parse("7077", host, sizeof(host), &port), 0);
	assert_string_equal(host, LISTEN_DEFAULT_HOST);
	assert_string_equal(host, "127.0.0.1");
	assert_int_equal(port, 7077);
	assert_int_equal(listen_parse("0", host, sizeof(host), &port), 0);
	assert_int_equal(port, 0);
}

static void test_bad_forms(void **state)
{
	const char *bad[] = {
		"",		 /* nothing */
		":7077",	 /* empty host */
		"[]:7077",	 /* empty bracketed host */
		"127.0.0.1:",	 /* no port */
		"127.0.0.1",	 /* a host without a port */
		"::1:7077",	 /* IPv6 without brackets */
		"::1",		 /* the same, no port */
		"[::1]",	 /* brackets, no port */
		"[::1]7077",	 /* no colon after the bracket */
		"65536",	 /* port out of range */
		"-1",		 /* negative port */
		"127.0.0.1:-1",	 /* the same after a host */
		"99999999999999999999999", /* too large for a long */
		"70x7",		 /* not a number */
		"host:port",	 /* not a number after a host */
		"127.0.0.1:7077 ", /* trailing junk */
	};
	char host[64];
	int port = -1;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (listen_parse(bad[i], host, sizeof(host), &port) != -1)
			fail_msg("\"%s\" was accepted", bad[i]);
	}
	assert_int_equal(port, -1);
}

/* A host that does not fit the caller's buffer is refused, not cut. */
static void test_host_too_long(void **state)
{
	char host[10];
	int port = -1;

	(void)state;
	assert_int_equal(listen_parse("1234567890:1", host, sizeof(host), &port), -1);
	assert_int_equal(listen_parse("123456789:1", host, sizeof(host), &port), 0);
	assert_string_equal(host, "123456789");
	assert_int_equal(port, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ipv4),
		cmocka_unit_test(test_ipv6),
		cmocka_unit_test(test_bare_port),
		cmocka_unit_test(test_bad_forms),
		cmocka_unit_test(test_host_too_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
