package telemetry

import "go.opentelemetry.io/otel/attribute"

// The attributes groupmem's spans carry. The GenAI ones follow the
// OpenTelemetry semantic conventions for generative AI; the groupmem.*
// ones are ids and counts, never text.
const (
	GenAIOperation    = attribute.Key("gen_ai.operation.name")      // "chat" or "embeddings"
	GenAIProvider     = attribute.Key("gen_ai.provider.name")       // "openai": an OpenAI-compatible endpoint
	GenAIRequestModel = attribute.Key("gen_ai.request.model")       // the model asked for
	GenAIRespModel    = attribute.Key("gen_ai.response.model")      // the model that answered
	GenAIInputTokens  = attribute.Key("gen_ai.usage.input_tokens")  // prompt tokens, as the endpoint reports them
	GenAIOutputTokens = attribute.Key("gen_ai.usage.output_tokens") // completion tokens, as the endpoint reports them
	GenAIFinish       = attribute.Key("gen_ai.response.finish_reasons")
	GenAIMaxTokens    = attribute.Key("gen_ai.request.max_tokens")
	// GenAIInput and GenAIOutput carry the prompt and the answer, only
	// when content is on (Config.Content).
	GenAIInput  = attribute.Key("gen_ai.input.messages")
	GenAIOutput = attribute.Key("gen_ai.output.messages")

	HTTPMethod = attribute.Key("http.request.method")
	HTTPRoute  = attribute.Key("http.route")
	HTTPStatus = attribute.Key("http.response.status_code")
	ErrorType  = attribute.Key("error.type")
	// URLQuery and GroupID, on a request's span, only when content is on.
	URLQuery = attribute.Key("url.query")
	GroupID  = attribute.Key("groupmem.group_id")

	RunID       = attribute.Key("groupmem.run_id")
	RunStatus   = attribute.Key("groupmem.run.status")
	Trigger     = attribute.Key("groupmem.run.trigger")
	Pass        = attribute.Key("groupmem.pass")
	Asked       = attribute.Key("groupmem.pass.asked")
	Messages    = attribute.Key("groupmem.messages")
	Memories    = attribute.Key("groupmem.memories")
	Actions     = attribute.Key("groupmem.actions")
	Versions    = attribute.Key("groupmem.versions")
	Texts       = attribute.Key("groupmem.texts")
	JobID       = attribute.Key("groupmem.job.id")
	JobAttempt  = attribute.Key("groupmem.job.attempt")
	SlotTime    = attribute.Key("groupmem.slot")
	Attempt     = attribute.Key("groupmem.attempt")
	WaitMS      = attribute.Key("groupmem.wait_ms")
	AfterStatus = attribute.Key("groupmem.after_status")
)
