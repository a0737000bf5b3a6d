"""Discord components, embeds and message builders: views in, discord objects out."""
