package cfg_test

import "testing"

func TestSmoke(t *testing.T) {
	g := build(t, `
int f(int n) {
	int s = 0;
	for (int i = 0; i < n && s < 100; i++) {
		if (i % 2) continue;
		s += i;
	}
	upc_barrier;
	return s;
}`, "f")
	t.Log("\n" + g.String())
	t.Log(edges(g))
}
