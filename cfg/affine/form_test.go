package affine

import "testing"

func TestWithoutAndFactorString(t *testing.T) {
	n, my := AtomForm("n"), AtomForm(MyThread)
	f := n.Scale(2).Add(my).Add(n.Mul(my)).Add(ConstForm(1)) // 2*n + MYTHREAD + MYTHREAD*n + 1
	if got, want := f.Without(MyThread).String(), "2*n + 1"; got != want {
		t.Errorf("Without(MYTHREAD) = %q, want %q", got, want)
	}
	if f.Without(MyThread).Has(MyThread) || !f.Has(MyThread) {
		t.Errorf("Without changed its receiver or kept the atom: %v", f)
	}
	for _, c := range []struct {
		f    *Form
		want string
	}{
		{n, "n"},
		{n.Scale(2), "2*n"},
		{ConstForm(-3), "-3"},
		{n.Sub(ConstForm(1)), "(n - 1)"},
		{n.Add(my), "(MYTHREAD + n)"},
	} {
		if got := c.f.FactorString(); got != c.want {
			t.Errorf("FactorString(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}
