package auth

import "testing"

// One HashPassword with DefaultParams is the cost of setting a password; a sign-in costs the same.
func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("correct horse battery staple", DefaultParams); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyPassword and BenchmarkDummyVerify should report the same time per operation:
// that is what makes a wrong email and a wrong password indistinguishable.
func BenchmarkVerifyPassword(b *testing.B) {
	encoded, err := HashPassword("correct horse battery staple", DefaultParams)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := VerifyPassword("wrong horse battery staple", encoded); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDummyVerify(b *testing.B) {
	for b.Loop() {
		DummyVerify("wrong horse battery staple", DefaultParams)
	}
}

func BenchmarkCheckPassword(b *testing.B) {
	CheckPassword("warm up the list")
	for b.Loop() {
		CheckPassword("correct horse battery staple")
	}
}
