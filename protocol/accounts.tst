# Accounts: register, login, logout, whoami, passwd, delete_account,
# session_token and login_token (their deterministic paths: a token is
# random, tests/integration/accounts.py logs in with one). The engine runs
# in a fresh working directory, its data directory, so the SQLite database
# (storage.database, quintet.db) is created by the first register. A wrong
# login, or token, waits before its answer (0.25 s, then doubling).
1 whoami
#? [guest]
2 logout
#? [?not logged in]
3 passwd secret123 newsecret1
#? [?not logged in]
4 delete_account secret123
#? [?not logged in]
5 stats
#? [?not logged in]
# session_token: a logged-in player's only. login_token TOKEN: one answer
# for any token that logs nobody in (here one of the right form, and a
# malformed one).
40 session_token
#? [?not logged in]
41 login_token
#? [?wrong number of arguments]
42 login_token 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
#? [?invalid or expired token]
43 login_token not-a-token
#? [?invalid or expired token]
44 whoami
#? [guest]
# names: 1 to 32 of A-Z a-z 0-9 _ . -; passwords: 8 to 128 bytes, no spaces
6 register bad/name secret123
#? [?invalid name]
7 register abcdefghijklmnopqrstuvwxyz0123456 secret123
#? [?invalid name]
8 register alice short
#? [?invalid password]
9 register alice
#? [?wrong number of arguments]
10 register Alice.B secret123
#? [welcome Alice.B]
11 whoami
#? [Alice.B]
12 register carol secret123
#? [?already logged in]
13 login alice.b secret123
#? [?already logged in]
45 session_token
#? [[0-9a-f]{64}]
46 login_token 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
#? [?already logged in]
14 logout
#? []
15 whoami
#? [guest]
# Names are unique whatever their case; a login gives the name as registered.
16 register ALICE.b otherpass1
#? [?name taken]
17 login ALICE.B secret123
#? [welcome Alice.B]
18 logout
#? []
# One answer for a wrong password and an unknown or invalid name.
19 login alice.b wrongpass1
#? [?invalid name or password]
20 login nobody secret123
#? [?invalid name or password]
21 login no/body secret123
#? [?invalid name or password]
22 whoami
#? [guest]
23 login alice.b secret123
#? [welcome Alice.B]
# passwd OLD NEW: the old one must be right, the new one valid.
24 passwd wrongpass1 newsecret1
#? [?invalid name or password]
25 passwd secret123 "short"
#? [?invalid password]
26 passwd secret123 newsecret1
#? []
27 logout
#? []
28 login alice.b secret123
#? [?invalid name or password]
29 login alice.b newsecret1
#? [welcome Alice.B]
# delete_account PASSWORD: the account, its statistics and saves go; the
# session goes on as a guest, and the name is free again.
30 delete_account secret123
#? [?invalid name or password]
31 delete_account newsecret1
#? []
32 whoami
#? [guest]
33 login alice.b newsecret1
#? [?invalid name or password]
34 register alice.b secret123
#? [welcome alice.b]
35 stats
#? []
36 quit
#? []
