package postgres

// InterpretError lets tests check how errors of a real server are mapped.
var InterpretError = interpretError
