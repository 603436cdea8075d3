"""The rules of Age of Exploration by rulebook section; ``engine`` runs their tasks."""
