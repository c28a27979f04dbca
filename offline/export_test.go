package offline

// Addressee is addressee, for the external tests.
var Addressee = addressee

// ReadLine is readLine, for the reader's training.
type ReadLine = readLine

// ReaderFeatures is readerFeatures, for the reader's training.
var ReaderFeatures = readerFeatures

// ObserveReader makes fn see every sentence the reader weighs until the
// returned function is called.
func ObserveReader(fn func(ReadLine)) (stop func()) {
	readerObserver = fn
	return func() { readerObserver = nil }
}

// FactKinds names the facts factsIn reads in text, with what each says.
func FactKinds(text string) []string {
	var out []string
	for _, f := range factsIn(DefaultLanguages(), text) {
		out = append(out, f.kind.name+"="+text[f.from:f.to])
	}
	return out
}
