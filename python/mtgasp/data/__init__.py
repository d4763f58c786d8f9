"""Built-in data: the card library and the state document JSON Schema."""
