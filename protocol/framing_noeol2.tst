# EOF in the middle of a CRLF-less last line that ends in a comment.
1 name
#? [quintet]
2 protocol_version # no LF after this comment