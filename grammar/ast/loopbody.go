package ast

// LoopBody returns the body of a for, upc_forall, while or do statement,
// or nil when n is no loop statement.
func LoopBody(n Node) Stmt {
	switch s := n.(type) {
	case *ForStmt:
		return s.Body
	case *ForallStmt:
		return s.Body
	case *WhileStmt:
		return s.Body
	case *DoStmt:
		return s.Body
	}
	return nil
}
