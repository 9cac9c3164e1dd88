#include "frontend.h"

#include <string.h>

#include "frontend_gomocup.h"
#include "frontend_uai.h"

static const struct frontend_ops *const frontends[] = {
	&frontend_gtp,
	&frontend_uai,
	&frontend_gomocup,
	NULL,
};

const struct frontend_ops *frontend_find(const char *name)
{
	for (int i = 0; frontends[i]; i++)
		if (strcmp(frontends[i]->name, name) == 0)
			return frontends[i];
	return NULL;
}
