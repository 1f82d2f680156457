/* smemlint stand-in for the CUDA samples' <helper_string.h> (bundled mode).
   Declarations only. */
#ifndef SMEMLINT_STANDIN_HELPER_STRING_H
#define SMEMLINT_STANDIN_HELPER_STRING_H

int stringRemoveDelimiter(char delimiter, const char *string);
int getFileExtension(char *filename, char **extension);
bool checkCmdLineFlag(const int argc, const char **argv, const char *string_ref);
template <class T>
bool getCmdLineArgumentValue(const int argc, const char **argv, const char *string_ref, T *value);
int getCmdLineArgumentInt(const int argc, const char **argv, const char *string_ref);
float getCmdLineArgumentFloat(const int argc, const char **argv, const char *string_ref);
bool getCmdLineArgumentString(const int argc, const char **argv, const char *string_ref,
                              char **string_retval);
char *sdkFindFilePath(const char *filename, const char *executable_path);

#endif /* SMEMLINT_STANDIN_HELPER_STRING_H */
