package offline

// Addressee is addressee, for the external tests.
var Addressee = addressee
