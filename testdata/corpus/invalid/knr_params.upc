/* Old-style (K&R) definitions with parameter declarations that C rejects. */
#include <upc.h>

int undeclared_param(a, b)
int a;
int c; // want "declaration of 'c' in the parameter list, which has no such parameter"
{
  return a + b;
}

int repeated(a, a) // want "redefinition of parameter 'a'"
{
  return a;
}

int declared_twice(a)
int a;
int a; // want "redefinition of parameter 'a'"
{
  return a;
}

int static_param(a)
static int a; // want "storage class specified for parameter 'a'"
{
  return a;
}

int shared_param(p)
shared int p; // want "parameter 'p' declared with shared-qualified type 'shared int'"
{
  return 0;
}

int initialized(x)
int x = 3; // want "parameter 'x' is initialized"
{
  return x;
}

double promoted(float x); // the old-style definition's x is promoted to double
double promoted(x) // want "conflicting types for 'promoted'"
float x;
{
  return x;
}

int narrow(short s);
int narrow(s) // want "conflicting types for 'narrow'"
short s;
{
  return s;
}

int names_only(a, b); // want "parameter names without types in a function declaration"

int main(void)
{
  return undeclared_param(1, 2) + repeated(1, 2) + declared_twice(1) + static_param(1) +
         initialized(1) + narrow(1) + (int)promoted(1.0f);
}
