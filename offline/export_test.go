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
