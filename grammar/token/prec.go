package token

// BinaryPrec returns the precedence of C's binary operator op, from 1 for
// || to 10 for *, / and % (C99 6.5.5 to 6.5.14, tightest last), and 0 when
// op is not a binary operator. The parser, the preprocessor's #if
// evaluator and the printer share it.
func BinaryPrec(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "|":
		return 3
	case "^":
		return 4
	case "&":
		return 5
	case "==", "!=":
		return 6
	case "<", ">", "<=", ">=":
		return 7
	case "<<", ">>":
		return 8
	case "+", "-":
		return 9
	case "*", "/", "%":
		return 10
	}
	return 0
}
